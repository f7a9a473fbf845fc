// A saved search's name as the dialog checks it: the limit is said before it is
// reached (a counter in the hint) and named when passed, rather than the field
// silently cutting what was typed or pasted.
import { SAVED_SEARCH_MSG, SAVED_SEARCH_NAME_MAX } from "@contract/schemas/saved-search";

/** "37 of 100 characters" (the name field's hint). */
export function nameHint(name: string): string {
  return `${[...name.trim()].length} of ${SAVED_SEARCH_NAME_MAX} characters`;
}

/** Why the name cannot be saved, or null. */
export function nameProblem(name: string): string | null {
  const length = [...name.trim()].length;
  if (length === 0) return SAVED_SEARCH_MSG.nameRequired;
  if (length > SAVED_SEARCH_NAME_MAX) return `${SAVED_SEARCH_MSG.nameTooLong} (this one has ${length})`;
  return null;
}

/** A suggested name (the filters described) cut to the limit at a word, with an ellipsis. */
export function suggestedName(described: string): string {
  const text = described.trim();
  if ([...text].length <= SAVED_SEARCH_NAME_MAX) return text;
  const cut = [...text].slice(0, SAVED_SEARCH_NAME_MAX - 1).join("");
  const atWord = cut.replace(/[\s,·]+\S*$/u, "");
  return `${atWord.length >= SAVED_SEARCH_NAME_MAX / 2 ? atWord : cut}…`;
}
