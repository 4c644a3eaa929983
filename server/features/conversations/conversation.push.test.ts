import { describe, expect, it } from 'vitest';
import { finderMessagePush } from './conversation.push';
import type { ConversationRow, MessageRow } from './conversations.repository';

const pet = { id: '5d0b7a4e-8c1f-4a57-9f43-0d1e2a3b4c5d', name: 'Biscuit' };
const reportId = 'a1b2c3d4-0000-4000-8000-000000000001';
const conversation = (claimed: ConversationRow['claimed']) =>
  ({ pet, report: { id: reportId }, subject: { reportId }, claimed }) as ConversationRow;
const message = { body: 'Come by the bakery.' } as MessageRow;

describe('the alert of a finder’s message', () => {
  it('names the pet and what they wrote, and opens the report', () => {
    expect(finderMessagePush(conversation(null), message)).toEqual({
      title: 'The finder of Biscuit wrote',
      body: 'Come by the bakery.',
      url: `/pet/${pet.id}#report-${reportId}`,
    });
  });

  it('when an owner’s claim of a found dog opened the conversation, then it speaks of the dog they said is their pet', () => {
    const claimed = { foundReportId: 'f0000000-0000-4000-8000-000000000002', species: 'dog' };
    expect(finderMessagePush(conversation(claimed), message).title).toBe(
      'The finder of the dog you said is Biscuit wrote',
    );
  });
});
