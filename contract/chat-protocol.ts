import { z } from 'zod';

/**
 * The built-in live chat's WebSocket protocol (PlayDeck's own; the platform's chat is an external page). JSON
 * frames, one per message. Sequence numbers (`seq`) are per conversation, from 1, assigned by the server in the
 * order it stored the messages; a client resumes with the last `seq` it saw and gets exactly what came after.
 */

/**
 * WebSocket close code of a socket whose session has ended (log-out, log-out everywhere, password change or reset,
 * console log-out): the server first sends `error user.or.token.invalid`, then closes with this code. A client
 * that asks for a new ticket is then refused (401) until it signs in again.
 */
export const CHAT_SESSION_ENDED = 4401;

/** Largest chat message, in characters after sanitising. */
export const CHAT_MAX_CHARS = 1000;

/** One stored chat message. `sentAt` is epoch ms. */
export const chatMessage = z.object({
  seq: z.number().int(),
  clientId: z.string(),
  role: z.enum(['player', 'agent']),
  author: z.string(),
  text: z.string(),
  sentAt: z.number().int(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** Frames a client sends. `clientId` (8–64 characters) makes a resent message count once. */
export const clientFrame = z.discriminatedUnion('type', [
  /** Resume: send everything after `lastSeq` (0 = the whole history). */
  z.object({ type: z.literal('hello'), lastSeq: z.number().int().min(0) }),
  z.object({ type: z.literal('send'), clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/), text: z.string().max(CHAT_MAX_CHARS * 4) }),
  /** Read receipt: everything up to `seq` was shown to this side. */
  z.object({ type: z.literal('read'), seq: z.number().int().min(0) }),
  /** Agents only: end the conversation. */
  z.object({ type: z.literal('close') }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;

/** Frames the server sends. */
export const serverFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('history'), messages: z.array(chatMessage), playerReadSeq: z.number().int(), agentReadSeq: z.number().int(),
    status: z.enum(['open', 'closed']),
  }),
  /** A new message (also to its sender, after its `ack`). */
  z.object({ type: z.literal('message'), message: chatMessage }),
  /** Delivery receipt: the server stored the sender's message as `seq` (sent again for a duplicate). */
  z.object({ type: z.literal('ack'), clientId: z.string(), seq: z.number().int() }),
  /** Read receipt of one side. */
  z.object({ type: z.literal('read'), role: z.enum(['player', 'agent']), seq: z.number().int() }),
  z.object({ type: z.literal('closed') }),
  /**
   * A refused frame: `errorCode` as in the API (`TOO_MANY_REQUEST` per speaker and conversation, `request_param_err`,
   * `chat_closed`, `user.or.token.invalid` before a CHAT_SESSION_ENDED close, `internal_error`: send it again).
   */
  z.object({ type: z.literal('error'), errorCode: z.string(), clientId: z.string().optional() }),
]);
export type ServerFrame = z.infer<typeof serverFrame>;

/** The server frames' `type`s, in the order the union above declares them. */
const SERVER_FRAME_TYPES: readonly string[] = ['history', 'message', 'ack', 'read', 'closed', 'error'];

/**
 * True when a received frame is an object whose `type` is one of the server's: the check the browser makes before
 * it dispatches on a frame (it carries no zod; the worker validates by `serverFrame`).
 */
export function isServerFrameType(frame: unknown): frame is ServerFrame {
  return typeof frame === 'object' && frame !== null && SERVER_FRAME_TYPES.includes(String((frame as { type?: unknown }).type));
}
