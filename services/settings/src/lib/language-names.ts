/**
 * The name Zulip's user_settings event gives a default_language (get_language_name): the
 * language's own name for itself. Zulip reads it from its translation catalogue; the runtime's
 * Unicode data names every language of LANGUAGES the same way, written with a capital as
 * Zulip's list writes them ("Español", "Deutsch").
 */
export function languageName(code: string): string {
  const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}
