import type { PushMessage } from '../push/push.service';
import type { FinderReportRow, PetAndOwners } from './scan.repository';

// Notification banners cut long text anyway; a bounded message also stays far below the 4 KB a
// push service accepts, whatever a finder typed.
const TITLE_MAX = 100;
const BODY_MAX = 240;

const cut = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** The alert on the owners' devices: which pet, where; a tap opens the report on its profile. */
export function finderReportPush(pet: Pick<PetAndOwners, 'id' | 'name'>, report: FinderReportRow): PushMessage {
  const place = report.finderLocation?.trim();
  return {
    title: cut(`${pet.name} was found`, TITLE_MAX),
    body: cut(place ? `Where: ${place}` : 'Shared GPS position', BODY_MAX),
    url: `/pet/${pet.id}#report-${report.id}`,
  };
}
