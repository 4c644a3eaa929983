import { z } from 'zod';
import { isCalendarDay, long, required, withoutNul } from './text-rules';

export const REMINDER_TYPES = ['vaccine', 'medication', 'grooming', 'vet-visit'] as const;

// Dates a reminder can sensibly carry; beyond them a calendar feed could not even write the next day.
export const REMINDER_DAYS = { first: '1900-01-01', last: '2999-12-31' };
const inReminderYears = (value: string) => value >= REMINDER_DAYS.first && value <= REMINDER_DAYS.last;
const isReminderDay = (value: string) => isCalendarDay(value) && inReminderYears(value);

// An ISO timestamp whose day and time of day exist ('2027-02-30T…' and 'T24:00' do not).
const isTimestamp = (value: string) =>
  isReminderDay(value.slice(0, 10)) &&
  /^T([01]\d|2[0-3]):[0-5]\d/.test(value.slice(10)) &&
  !Number.isNaN(Date.parse(value));

/** A reminder as `POST /api/reminders` takes it (and, every field optional, `PATCH`). */
export const insertReminderSchema = z.object({
  petId: z.uuid('Please select a pet'),
  type: z.enum(REMINDER_TYPES, 'Please select a type'),
  title: withoutNul(required(z.string())),
  description: withoutNul(long(z.string())).nullable().optional(),
  // A day that does not exist (29 February 2026) is told apart from one out of range: both are dates to the eye.
  dueDate: z
    .string()
    .min(1, 'Required')
    .refine(isCalendarDay, { message: 'Due date must be a date that exists, such as 2026-03-01', abort: true })
    .refine(inReminderYears, 'Due date must be a date between 1900 and 2999'),
  isCompleted: z.boolean().optional(),
  // Empty while pending; the moment it was ticked (an ISO timestamp) once completed.
  completedAt: z
    .string()
    .refine((v) => v === '' || (v.length <= 40 && isTimestamp(v)), 'Completed date must be a date')
    .optional(),
});

export type InsertReminder = z.input<typeof insertReminderSchema>;
