import type { ReminderDto } from '@/api/reminders';

export const REMINDER_FILTERS = [
  { id: 'all', label: 'All', matches: () => true },
  { id: 'pending', label: 'Pending', matches: (r: ReminderDto) => !r.isCompleted },
  { id: 'completed', label: 'Completed', matches: (r: ReminderDto) => r.isCompleted },
  { id: 'vaccine', label: 'Vaccines', matches: (r: ReminderDto) => r.type === 'vaccine' },
  { id: 'medication', label: 'Medications', matches: (r: ReminderDto) => r.type === 'medication' },
  { id: 'grooming', label: 'Grooming', matches: (r: ReminderDto) => r.type === 'grooming' },
  { id: 'vet-visit', label: 'Vet Visits', matches: (r: ReminderDto) => r.type === 'vet-visit' },
] as const;

export type ReminderFilterId = (typeof REMINDER_FILTERS)[number]['id'];

export function applyFilter(reminders: ReminderDto[], id: ReminderFilterId) {
  const filter = REMINDER_FILTERS.find((f) => f.id === id) ?? REMINDER_FILTERS[0];
  return reminders.filter(filter.matches);
}
