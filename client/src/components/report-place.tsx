import { mapLink, positionInWords, reportPlace } from '@shared/contracts/finder-reports';
import { ExternalLink, MapPin } from 'lucide-react';

type Located = Parameters<typeof reportPlace>[0];

/** Its words: English for the owners, the finder's language on the finder's conversation page. */
export interface ReportPlaceWords {
  sharedPosition: string;
  openInMaps: string;
  opensInNewTab: string;
}

const ENGLISH_WORDS: ReportPlaceWords = {
  sharedPosition: 'Shared GPS position',
  openInMaps: 'Open in Maps',
  opensInNewTab: '(opens in a new tab)',
};

/**
 * Where a finder saw the pet: the place they typed, and the phone's position in words with a link
 * that opens it on a map. A position alone reads 'Shared GPS position', never as if its
 * coordinates were a place.
 */
export function ReportPlace({ report, words = ENGLISH_WORDS }: { report: Located; words?: ReportPlaceWords }) {
  const { place, position } = reportPlace(report);
  return (
    <>
      <p className="flex items-start gap-2 font-medium">
        <MapPin className="mt-0.5 size-4 shrink-0 text-accent-foreground" aria-hidden="true" />
        <span>{place ?? words.sharedPosition}</span>
      </p>
      {position && (
        <p className="ml-6 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span>
            {place && `${words.sharedPosition}: `}
            {positionInWords(position.latitude, position.longitude)}
          </span>
          <a
            href={mapLink(position.latitude, position.longitude)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex w-fit items-center gap-1 font-medium text-accent-foreground underline-offset-4 hover:underline"
          >
            {words.openInMaps}
            <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only">{words.opensInNewTab}</span>
          </a>
        </p>
      )}
    </>
  );
}
