/** One stored feedback message (accounts §3 Feedback). */
export interface FeedbackRow {
  id: number; merchant_code: string; sender: string; type: number; content: string; created_at: number; read_at: number | null;
}

/** Stores a feedback message from a member. */
export async function insertFeedback(
  db: D1Database, input: { merchantCode: string; memberId: number | null; sender: string; type: number; content: string }, now = Date.now(),
): Promise<void> {
  await db.prepare(`INSERT INTO feedback (merchant_code, member_id, sender, type, content, created_at) VALUES (?, ?, ?, ?, ?, ?)`)
    .bind(input.merchantCode, input.memberId, input.sender, input.type, input.content, now).run();
}
