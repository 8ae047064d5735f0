// Plant summary services (issue 22 item 9): the energy balance of one of the caller's enterprises, and the same
// summary as a signable PDF (built by the "plant" job).
export * from "./summary";
export * from "./reports";
