// What Meta's webhook posts (Cloud API, field "messages"): the statuses of the messages sent, and the
// lead's own messages (only "PARAR" matters here). Unknown fields are allowed (Meta adds them); what is
// read is checked: a payload that does not fit is a 400, never half-applied.
import * as z from 'zod/mini';

const text = (max: number) => z.string().check(z.maxLength(max));

const status = z.object({
  id: text(200).check(z.minLength(1)),
  status: text(40),
  timestamp: z.optional(text(20)),
  errors: z.optional(z.array(z.object({ code: z.optional(z.number()), title: z.optional(text(300)), message: z.optional(text(300)) })).check(z.maxLength(10))),
});

const inbound = z.object({
  id: z.optional(text(200)),
  from: z.optional(text(40)),
  type: z.optional(text(40)),
  text: z.optional(z.object({ body: text(4096) })),
  button: z.optional(z.object({ text: z.optional(text(256)), payload: z.optional(text(256)) })),
  context: z.optional(z.object({ id: z.optional(text(200)) })),
});

export const webhookPayload = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.object({
    changes: z.array(z.object({
      field: text(60),
      value: z.object({
        statuses: z.optional(z.array(status).check(z.maxLength(1000))),
        messages: z.optional(z.array(inbound).check(z.maxLength(1000))),
      }),
    })).check(z.maxLength(100)),
  })).check(z.maxLength(100)),
});

export type WebhookPayload = z.infer<typeof webhookPayload>;
export type WebhookStatus = z.infer<typeof status>;
export type WebhookInbound = z.infer<typeof inbound>;
