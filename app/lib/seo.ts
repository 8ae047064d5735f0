// SEO helpers for route meta: absolute canonical URLs from the request origin the root loader saw.
type Match = { id: string; data: unknown };

export function originFrom(matches: Match[]): string {
  const root = matches.find((m) => m.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "";
}

export function canonical(matches: Match[], path: string) {
  return { tagName: "link", rel: "canonical", href: `${originFrom(matches)}${path}` } as const;
}
