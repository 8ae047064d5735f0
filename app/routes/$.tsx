// Any other path redirects to the portal home (spec 1 §2).
import { redirect } from "react-router";

export const loader = () => redirect("/homePage");
export const action = () => redirect("/homePage");
