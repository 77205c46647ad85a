/**
 * Saving text the page made as a file (the activity statement's CSV, docs/player-protection.md "Statements"): a
 * Blob URL clicked through a temporary link, released right after. Browser only.
 */

/** Offers `text` as a download named `fileName` with the media type `type` (e.g. text/csv). */
export function saveTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
