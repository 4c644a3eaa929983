import { foundPetPath } from '@shared/contracts/found-pet-path';
import { FOUND_POINT_MOVES_PER_DAY, type PublicFoundReport } from '@shared/contracts/found-report-schema';
import { CheckCircle2 } from 'lucide-react';
import { CoordinateFields } from '@/components/coordinate-fields';
import { HomeFooter } from '@/components/home-footer';
import { ScriptedWords, type ScriptedWordsProps } from '@/components/scripted-words';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type FinderI18n, I18nProvider, useI18n } from '@/lib/i18n';
import { dayInWords, foundHeading, StatusNotice } from './found-pet-view';

// The finder's page for their found-pet report, at its secret link (/found-pet/manage/{token}):
// the thank-you right after posting, then renew or close, each a plain form posted to the same
// address. Rendered by the server only: no account and no script needed.

export interface FoundReportManageViewProps {
  i18n: FinderI18n;
  report: PublicFoundReport;
  /** The page's own address (absolute), shown for the finder to keep, and its path, which the forms post to. */
  manageUrl: string;
  managePath: string;
  /** The finder's contact: an e-mail address hears of a claim once confirmed, a phone never does. */
  contactKind: 'email' | 'phone';
  /** Right after posting: the thank-you and what happens next. */
  posted?: boolean;
  /** What the finder just did. */
  done?: 'renewed' | 'closed' | 'placed' | 'moved';
  /** The place saved, exact (the finder's own), which the fields show to correct; null before one is saved. */
  savedPoint?: { lat: number; lng: number } | null;
  /** The place pinned could not be read, and what was typed, to correct. */
  pointError?: string | ScriptedWordsProps;
  point?: { lat: string; lng: string };
  /** The shelter's name was refused. */
  shelterError?: string;
  /** Why what the finder asked was refused, when no field is to blame (a closed report). */
  refusal?: string;
  /** A step that cannot be undone, asked for: the page asks once more before it is done. */
  confirm?: ManageQuestion;
  /** The button the finder came back to from a question ('Keep It Open'): it takes the focus again. */
  back?: string;
  /**
   * Each owner's claim: the finder opens each one's conversation, or says it is not their pet. Their
   * thank-you, once the pet is home, is in the conversation: for a finder who left a phone, that page
   * is the only place it reaches them.
   */
  claims?: { id: string; petName: string; rejected: boolean; thanked: boolean }[];
}

/**
 * The steps the page asks about once more: a close (the report cannot be opened again) and turning
 * an owner's claim down (their conversation ends for good).
 */
export type ManageQuestion =
  | { action: 'reunited' | 'shelter'; shelterName: string | null }
  | { action: 'reject'; claimId: string; petName: string };

/** The id of the button that asks a question, which the way back focuses again. */
const askedFrom = (question: { action: 'reunited' | 'shelter' } | { action: 'reject'; claimId: string }) =>
  question.action === 'reject' ? `reject-${question.claimId}` : `close-${question.action}`;

/**
 * Whether the page offers to save the place found (pin it, or move it once saved), with the pin map:
 * only while the report is open, as the service allows it.
 */
export const placeEditable = (report: PublicFoundReport) => report.status === 'open';

export function FoundReportManageView({ i18n, ...page }: FoundReportManageViewProps) {
  return (
    <I18nProvider i18n={i18n}>
      <Manage {...page} />
    </I18nProvider>
  );
}

function Manage({
  report,
  manageUrl,
  managePath,
  contactKind,
  posted,
  done,
  claims = [],
  savedPoint,
  pointError,
  point,
  shelterError,
  refusal,
  confirm,
  back,
}: Omit<FoundReportManageViewProps, 'i18n'>) {
  const { t, lang } = useI18n();
  const open = report.status === 'open';
  const closable = report.status === 'open' || report.status === 'expired';
  // Only a report with a point is on the board and compared with missing pets.
  const pinned = report.cellLat !== null;
  const standing = claims.filter((claim) => !claim.rejected);
  const turnedDown = claims.filter((claim) => claim.rejected);
  // The page a question's way back leads to: the button tapped takes the focus again.
  const cameBack = (id: string) => ({ id, autoFocus: back === id });
  const placeForm = (
    <PlaceForm
      managePath={managePath}
      values={point ?? (savedPoint ? { lat: String(savedPoint.lat), lng: String(savedPoint.lng) } : undefined)}
      error={pointError}
      submit={t(pinned ? 'foundPet.manageMovePoint' : 'foundPet.manageSavePoint')}
    />
  );
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-8">
      {posted ? (
        <section className="flex flex-col gap-3 rounded-lg border border-primary p-4" aria-labelledby="thanks">
          <h1 id="thanks" className="flex items-center gap-2 font-bold text-2xl">
            <CheckCircle2 aria-hidden="true" className="text-primary" />
            {t('foundPet.thanksTitle')}
          </h1>
          <p>
            {pinned ? (
              t('foundPet.thanksNext')
            ) : (
              <ScriptedWords
                withScripts={t('foundPet.thanksNoPoint')}
                withoutScripts={t('foundPet.thanksNoPointTyped')}
              />
            )}
          </p>
          <p>{t(contactKind === 'email' ? 'foundPet.thanksClaimEmail' : 'foundPet.thanksClaimPhone')}</p>
          <p>{t('foundPet.thanksManage')}</p>
          <p className="break-all font-mono text-sm">
            <a href={manageUrl} className="underline">
              {manageUrl}
            </a>
          </p>
        </section>
      ) : (
        <h1 className="font-bold text-3xl">{t('foundPet.manageHeading')}</h1>
      )}

      <p>
        <b>{foundHeading(report, t)}</b>{' '}
        <a className="underline" href={foundPetPath(report.id)}>
          {t('foundPet.viewPage')}
        </a>
      </p>

      {done === 'renewed' && (
        <p role="status" className="font-semibold">
          {t('foundPet.manageRenewed', { date: dayInWords(report.expiresAt, lang) })}
        </p>
      )}
      {refusal && (
        <p role="alert" className="font-medium text-destructive">
          {refusal}
        </p>
      )}
      {(done === 'placed' || done === 'moved') && (
        <p role="status" className="font-semibold">
          {t(done === 'placed' ? 'foundPet.managePlaced' : 'foundPet.manageMoved')}
        </p>
      )}
      {!pinned && placeEditable(report) && (
        <section className="flex flex-col gap-2 rounded-lg border border-destructive p-4" aria-labelledby="no-point">
          <p id="no-point" className="font-medium">
            <ScriptedWords
              withScripts={t('foundPet.manageNoPoint')}
              withoutScripts={t('foundPet.manageNoPointTyped')}
            />
          </p>
          {placeForm}
        </section>
      )}
      {pinned && placeEditable(report) && (
        <section className="flex flex-col gap-2 rounded-lg border p-4" aria-labelledby="found-place">
          <h2 id="found-place" className="font-semibold">
            {t('foundPet.managePlaceHeading')}
          </h2>
          <p className="text-muted-foreground text-sm">
            {t('foundPet.manageMoveHint', { limit: FOUND_POINT_MOVES_PER_DAY })}
          </p>
          {placeForm}
        </section>
      )}
      {done === 'closed' && (
        <p role="status" className="font-semibold">
          {t('foundPet.manageClosed')}
        </p>
      )}
      {open && !done && (
        <p>
          {t(pinned ? 'foundPet.manageOpenUntil' : 'foundPet.manageOpenUntilNoPoint', {
            date: dayInWords(report.expiresAt, lang),
          })}
        </p>
      )}
      {report.status === 'expired' ? <p>{t('foundPet.manageExpired')}</p> : <StatusNotice report={report} />}

      {standing.length > 0 && (
        <section className="flex flex-col gap-2 rounded-lg border p-4" aria-labelledby="claimed">
          <h2 id="claimed" className="font-semibold">
            {t('foundPet.manageClaimed')}
          </h2>
          {/* A closed or expired report keeps its claims as they were: none is turned down any more. */}
          {open && <p className="text-muted-foreground text-sm">{t('foundPet.manageRejectHint')}</p>}
          <ul className="flex flex-col gap-3">
            {standing.map((claim) => (
              <li key={claim.id} className="flex flex-col gap-2 border-t pt-2">
                <b>{t('foundPet.manageClaimOf', { name: claim.petName })}</b>
                {claim.thanked && <p>{t('foundPet.manageThanked', { name: claim.petName })}</p>}
                {confirm?.action === 'reject' && confirm.claimId === claim.id && open ? (
                  <AskOnce managePath={managePath} question={confirm} />
                ) : (
                  <div className="flex flex-wrap gap-3">
                    <form method="post" action={`${managePath}/claims/${claim.id}/conversation`}>
                      <Button type="submit">{t('foundPet.manageConversation')}</Button>
                    </form>
                    {open && (
                      <form method="post" action={`${managePath}/claims/${claim.id}/reject`}>
                        <Button
                          type="submit"
                          variant="outline"
                          {...cameBack(askedFrom({ action: 'reject', claimId: claim.id }))}
                        >
                          {t('foundPet.manageRejectClaim')}
                        </Button>
                      </form>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {turnedDown.length > 0 && (
        <section className="flex flex-col gap-2 rounded-lg border p-4" aria-labelledby="turned-down">
          <h2 id="turned-down" className="font-semibold">
            {t('foundPet.manageClaimsTurnedDown')}
          </h2>
          <ul className="flex flex-col gap-3">
            {turnedDown.map((claim) => (
              <li key={claim.id} className="flex flex-col gap-1 border-t pt-2">
                <b>{t('foundPet.manageClaimOf', { name: claim.petName })}</b>
                <p>{t('foundPet.manageRejected')}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      {closable && confirm && confirm.action !== 'reject' ? (
        <AskOnce managePath={managePath} question={confirm} />
      ) : (
        closable && (
          <div className="flex flex-wrap gap-3">
            <form method="post" action={managePath}>
              <input type="hidden" name="action" value="renew" />
              <Button type="submit">{t('foundPet.manageRenew')}</Button>
            </form>
            <form method="post" action={managePath}>
              <input type="hidden" name="action" value="reunited" />
              <Button type="submit" variant="outline" {...cameBack(askedFrom({ action: 'reunited' }))}>
                {t('foundPet.manageReunited')}
              </Button>
            </form>
            <form method="post" action={managePath} className="grid w-full gap-2">
              <input type="hidden" name="action" value="shelter" />
              <Label htmlFor="close-shelter-name">{t('foundPet.shelterName')}</Label>
              {shelterError && (
                <p id="close-shelter-error" role="alert" className="font-medium text-destructive">
                  {shelterError}
                </p>
              )}
              <Input
                id="close-shelter-name"
                name="shelterName"
                maxLength={200}
                autoComplete="off"
                aria-invalid={shelterError ? true : undefined}
                aria-describedby={shelterError ? 'close-shelter-error close-shelter-hint' : 'close-shelter-hint'}
                // The page a refused close answers with: the focus goes where the mistake is.
                autoFocus={Boolean(shelterError)}
              />
              {/* Optional here, unlike on the report form: see the decision on found reports. */}
              <p id="close-shelter-hint" className="text-muted-foreground text-sm">
                {t('foundPet.manageShelterHint')}
              </p>
              <Button type="submit" variant="outline" {...cameBack(askedFrom({ action: 'shelter' }))}>
                {t('foundPet.manageShelter')}
              </Button>
            </form>
          </div>
        )
      )}

      <p className="text-muted-foreground text-sm">{t('foundPet.manageKeepPrivate')}</p>
      <HomeFooter />
    </div>
  );
}

/**
 * The form that saves the place found: typed without scripts (a maps app shows a spot's two
 * numbers); with them, the form's pin map (found-report-main.ts) fills the same two fields, and
 * shows the place saved. Refused, the focus is on the latitude, described by why beside it.
 */
function PlaceForm({
  managePath,
  values,
  error,
  submit,
}: {
  managePath: string;
  values?: { lat: string; lng: string };
  error?: FoundReportManageViewProps['pointError'];
  submit: string;
}) {
  const { t } = useI18n();
  return (
    <form method="post" action={`${managePath}/point`} className="grid gap-3">
      <div id="found-pin-map" className="grid gap-2" />
      <CoordinateFields
        id="found"
        hint={t('foundPet.coordinatesHint')}
        values={values}
        open
        error={typeof error === 'string' || !error ? error : <ScriptedWords {...error} />}
        autoFocus={Boolean(error)}
      />
      <Button type="submit" className="self-start">
        {submit}
      </Button>
    </form>
  );
}

/**
 * A step that cannot be undone, asked for: what it does, the final button (the same form again,
 * with `confirm=yes`), or the way back to the page as it was, focused on arrival (so that Enter on
 * the page just come to never does it) and focusing the button tapped once back.
 */
function AskOnce({ managePath, question }: { managePath: string; question: ManageQuestion }) {
  const { t } = useI18n();
  const reject = question.action === 'reject';
  const words = reject
    ? {
        heading: t('foundPet.manageConfirmReject', { name: question.petName }),
        text: t('foundPet.manageConfirmRejectText', { name: question.petName }),
        yes: t('foundPet.manageConfirmRejectYes'),
        no: t('foundPet.manageConfirmRejectNo'),
      }
    : {
        heading: t(question.action === 'reunited' ? 'foundPet.manageConfirmReunited' : 'foundPet.manageConfirmShelter'),
        text: t('foundPet.manageConfirmText'),
        yes: t('foundPet.manageConfirmYes'),
        no: t('foundPet.manageConfirmNo'),
      };
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-destructive p-4" aria-labelledby="confirm-step">
      <h2 id="confirm-step" className="font-semibold">
        {words.heading}
      </h2>
      <p>{words.text}</p>
      <div className="flex flex-wrap gap-3">
        <form method="post" action={reject ? `${managePath}/claims/${question.claimId}/reject` : managePath}>
          {!reject && <input type="hidden" name="action" value={question.action} />}
          {!reject && question.shelterName && <input type="hidden" name="shelterName" value={question.shelterName} />}
          <input type="hidden" name="confirm" value="yes" />
          <Button type="submit" variant="destructive">
            {words.yes}
          </Button>
        </form>
        <Button variant="outline" asChild>
          {/* biome-ignore lint/a11y/noAutofocus: the page answers a tap on a step that cannot be undone; the focus starts on the way back, so that Enter on it never does it. */}
          <a href={`${managePath}?${new URLSearchParams({ back: askedFrom(question) })}`} autoFocus>
            {words.no}
          </a>
        </Button>
      </div>
    </section>
  );
}
