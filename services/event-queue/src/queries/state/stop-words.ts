/**
 * stop_words: the words full-text search ignores, so a client can say which of a query's words
 * did not count. Zulip 2.1 reads its search dictionary's stop file; this server searches with
 * PostgreSQL's 'english' configuration (migration 0100, narrow.ts), so the list is that
 * dictionary's english.stop, in its order. services/event-queue/test/stop-words.test.ts checks
 * each word against to_tsvector('english', ...). Zulip's own file adds the single letters b-z.
 */
const ENGLISH_STOP = `
i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her
hers herself it its itself they them their theirs themselves what which who whom this that these
those am is are was were be been being have has had having do does did doing a an the and but if or
because as until while of at by for with about against between into through during before after
above below to from up down in out on off over under again further then once here there when where
why how all any both each few more most other some such no nor not only own same so than too very s
t can will just don should now`;

export const STOP_WORDS: readonly string[] = Object.freeze(ENGLISH_STOP.split(/\s+/).filter(Boolean));
