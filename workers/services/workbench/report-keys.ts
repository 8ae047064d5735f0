// R2 keys of a report's files, next to the survey services that delete a survey's files with it: the PDF
// (<key>.pdf, the key report_results holds) and beside it the measures tracker (<key>.xlsx).
export const reportObjectKey = (fileKey: string) => `reports/${fileKey}`;

/** The measures tracker's file key for a report's PDF key. */
export const trackerFileKey = (pdfKey: string) => pdfKey.replace(/\.pdf$/, ".xlsx");

/** Every R2 object of one report (PDF and tracker). */
export const reportObjectKeys = (pdfKey: string) => [reportObjectKey(pdfKey), reportObjectKey(trackerFileKey(pdfKey))];
