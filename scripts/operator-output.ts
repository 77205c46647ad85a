/**
 * The one way the operator script (scripts/operator.ts and the commands it runs: sites, content, withdrawals,
 * conversations, rewards and agents) writes to the terminal. Much of what it prints was typed by players or read
 * from the database (agent applications, account names, promotion applications, content titles, feedback), so
 * every line passes terminalSafe first: a player cannot colour, clear, retitle or rewrite the operator's
 * terminal, hide text, or make a line say something else than it holds.
 */

// 7-bit escape sequences: CSI (ESC [ … final), OSC (ESC ] … BEL or ST), DCS/SOS/PM/APC strings (ESC P|X|^|_ … ST),
// and any other two-character escape (ESC and one character). Of an unterminated string only its introducer goes
// (what follows is then plain text, shown rather than lost).
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const ESCAPE_SEQUENCES = /\x1b\[[0-?]*[ -/]*[@-~]?|\x1b[\]PX^_][\s\S]*?(?:\x07|\x1b\\)|\x1b[\s\S]?/g;
// The same in 8-bit form: CSI (U+009B), and OSC, DCS, SOS, PM, APC strings ended by BEL or ST (U+009C).
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const C1_SEQUENCES = /\u009b[0-?]*[ -/]*[@-~]?|[\u0090\u0098\u009d\u009e\u009f][\s\S]*?(?:\x07|\u009c)/g;
// What is left of the control characters: C0 except tab and line feed (so also CR and backspace, which overwrite
// what was printed), DEL and C1.
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\u009f]/g;
// Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder the rest of the
// line, so a name could display as something it is not. The plain marks (LRM, RLM, ALM) stay: they reorder
// nothing beyond themselves and right-to-left names legitimately carry them.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** `text` without terminal escape sequences, control characters (tab and line feed stay) or bidi overrides. */
export function terminalSafe(text: string): string {
  return text.replace(ESCAPE_SEQUENCES, '').replace(C1_SEQUENCES, '').replace(CONTROLS, '').replace(BIDI_CONTROLS, '');
}

/** Where the script's text goes; tests pass their own. */
export interface OperatorStreams {
  out: (text: string) => void;
  err: (text: string) => void;
}

const CONSOLE: OperatorStreams = { out: (text) => console.log(text), err: (text) => console.error(text) };

/** Prints an answer (stdout), made terminalSafe. */
export function printOut(text: string, streams: OperatorStreams = CONSOLE): void {
  streams.out(terminalSafe(text));
}

/** Prints a refusal, a usage text or an error (stderr), made terminalSafe. */
export function printError(text: string, streams: OperatorStreams = CONSOLE): void {
  streams.err(terminalSafe(text));
}
