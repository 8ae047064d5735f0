// Local stand-in (SMS_PROVIDER=dev): records each message in D1 so /api/dev/sms-outbox can show the code.
import type { Db } from "../../lib/db";
import { smsOutbox } from "../../../db/schema";
import { smsText, type SmsMessage, type SmsProvider } from "./types";

export class DevSmsProvider implements SmsProvider {
  readonly name = "dev";
  constructor(private readonly db: Db) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db.insert(smsOutbox).values({
      phone: message.phone,
      type: message.type,
      code: message.code,
      content: smsText(message),
      createdAt: Date.now(),
    });
  }
}
