// Services call this to tell a user's open pages that their message count changed.
export function userChannel({ env, userId }: { env: Env; userId: number }) {
  return env.USER_CHANNEL.get(env.USER_CHANNEL.idFromName(`user:${userId}`));
}

/** Best effort: a push failure must never fail the business write that caused it. */
export async function pushMessageCount({ env, userId, delta = 1 }: { env: Env; userId: number; delta?: number }): Promise<number> {
  try {
    return await userChannel({ env, userId }).push(delta);
  } catch (e) {
    console.error(JSON.stringify({ event: "channel_push_failed", userId, error: String(e) }));
    return 0;
  }
}
