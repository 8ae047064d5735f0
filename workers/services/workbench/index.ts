// Workbench services (spec 3): surveys, answers and repeats, images, generation, the report status machine,
// recycle-bin purge.
export * from "./access";
export * from "./definitions";
export * from "./cards";
export * from "./surveys";
export * from "./answers";
export * from "./images";
export * from "./generate";
export * from "./publication";
export * from "./load-curve";
export * from "./report-keys";
