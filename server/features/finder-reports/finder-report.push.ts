import type { PushMessage } from '../../../shared/contracts/push';
import { cutForPush } from '../push/push-text';
import type { FinderReportRow, PetAndOwners } from './finder-reports.repository';

/** The alert on the owners' devices: which pet, where; a tap opens the report on its profile. */
export function finderReportPush(pet: Pick<PetAndOwners, 'id' | 'name'>, report: FinderReportRow): PushMessage {
  const place = report.finderLocation?.trim();
  return {
    title: cutForPush.title(`${pet.name} was found`),
    body: cutForPush.body(place ? `Where: ${place}` : 'Shared GPS position'),
    url: `/pet/${pet.id}#report-${report.id}`,
  };
}
