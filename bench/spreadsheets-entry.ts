// Node-side entry for bench/spreadsheets.mjs: the server's own spreadsheet modules (no Worker bindings needed),
// plus the seed's definitions turned into the workbench Definition shape.
export { XlsxReader } from "../workers/spreadsheets/xlsx-reader";
export { parseSurveyBook } from "../workers/spreadsheets/survey-import";
export { buildSurveyBook } from "../workers/spreadsheets/survey-book";
export { writeXlsx } from "../workers/spreadsheets/xlsx-writer";
export { definitionOf } from "../test/unit/spreadsheets/definition";
