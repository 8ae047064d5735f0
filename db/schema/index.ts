// Every table, by domain. Each domain keeps its own module so it could move to its own D1 later.
export * from "./accounts";
export * from "./accounts-auth";
export * from "./portal";
export * from "./qa";
export * from "./qa-personal";
export * from "./workbench";
export * from "./reports";
export * from "./payment";
export * from "./admin";
// Dev stand-ins only (APP_ENV=local); see the file header.
export * from "./dev";
export * from "./admin-content";
export * from "./admin-commerce";
export * from "./account-rights";
export * from "./jobs";
export * from "./counters";
export * from "./invoice";
export * from "./plant";
