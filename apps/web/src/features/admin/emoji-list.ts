/** The custom emoji an administrator manages: the active ones, by name. */
export interface CustomEmoji {
  id: string;
  name: string;
  source_url: string;
  deactivated: boolean;
  author: { id: number; full_name: string } | null;
}

export function activeEmoji<T extends CustomEmoji>(byId: Record<string, T>): T[] {
  return Object.values(byId)
    .filter((e) => !e.deactivated)
    .sort((a, b) => a.name.localeCompare(b.name));
}
