// Workbench services (spec 3): surveys, answers and repeats, images, generation, recycle-bin purge.
export * from "./access";
export * from "./definitions";
export * from "./surveys";
export * from "./answers";
export * from "./images";
export * from "./generate";
