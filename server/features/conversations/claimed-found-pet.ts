import { sql } from 'drizzle-orm';
import { finderReports, foundReportClaims, foundReports } from '../../../shared/schema';

// SQL fragments, never a query of their own: which found pet an owner's claim filed a finder report
// for ('This Is My Pet', or a possible match confirmed). Such a report's conversation is about a pet
// the owner says is theirs, not one the finder reported; the owners' list of reports and the
// conversations both read it.

export interface ClaimedFoundPet {
  foundReportId: string;
  species: string;
}

/**
 * A column of the found pet whose claim filed the report, null for a finder's own report. Named in
 * full: drizzle writes a one-table select's (and an update's) columns unqualified.
 */
export const claimedOf = (column: 'id' | 'species' | 'contact') =>
  sql<
    string | null
  >`(select f.${sql.raw(column)} from ${foundReportClaims} c join ${foundReports} f on f.id = c.found_report_id where c.finder_report_id = ${finderReports}.id limit 1)`;

/** The columns that say which found pet an owner's claim filed a report for. */
export const claimedFoundPetColumns = { claimedId: claimedOf('id'), claimedSpecies: claimedOf('species') };

/** The found pet of `claimedFoundPetColumns`, as one value. */
export const claimedFoundPet = (row: {
  claimedId: string | null;
  claimedSpecies: string | null;
}): ClaimedFoundPet | null =>
  row.claimedId && row.claimedSpecies ? { foundReportId: row.claimedId, species: row.claimedSpecies } : null;
