// R2 key of a report PDF, next to the survey services that delete a survey's files with it.
export const reportObjectKey = (fileKey: string) => `reports/${fileKey}`;
