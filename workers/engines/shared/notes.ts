// Shared result vocabulary: flags and notes carry a stable code (for tests and templates)
// plus the Chinese text a report prints.

export interface EngineNote {
  code: string;
  message: string;
}

export function note(code: string, message: string): EngineNote {
  return { code, message };
}
