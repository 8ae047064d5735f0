// R2 key of a report PDF: here, free of imports, so the workbench services can delete a survey's files
// without importing the report modules (which import the services).
export const reportObjectKey = (fileKey: string) => `reports/${fileKey}`;
