// Plant summary services (issue 22 item 9): the energy balance of one of the caller's enterprises.
export * from "./summary";
