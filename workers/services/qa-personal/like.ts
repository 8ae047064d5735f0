// LIKE pattern for a literal substring; use with ESCAPE '\'.
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
