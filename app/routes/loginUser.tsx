// /loginUser (spec 1 §2): the same user centre as /homeUser, under the address the login flow uses.
export { default, links, loader, meta } from "./homeUser";
