import { foundPetPath } from '@shared/contracts/found-pet-path';
import type { PublicFoundReport } from '@shared/contracts/found-report-schema';
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
  done?: 'renewed' | 'closed' | 'placed';
  /** The place pinned could not be read, and what was typed, to correct. */
  pointError?: string | ScriptedWordsProps;
  point?: { lat: string; lng: string };
  /** The shelter's name was refused. */
  shelterError?: string;
  /** A close asked for: the page asks once more, since a closed report cannot be opened again. */
  confirmClose?: { action: 'reunited' | 'shelter'; shelterName: string | null };
  /** An owner says the pet is theirs and the finder has not refused them: the heading says so, the refusal is offered. */
  claimed: boolean;
  /**
   * Each owner's claim: the finder opens each one's conversation, or says it is not their pet. Their
   * thank-you, once the pet is home, is in the conversation: for a finder who left a phone, that page
   * is the only place it reaches them.
   */
  claims?: { id: string; petName: string; rejected: boolean; thanked: boolean }[];
}

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
  claimed,
  claims = [],
  pointError,
  point,
  shelterError,
  confirmClose,
}: Omit<FoundReportManageViewProps, 'i18n'>) {
  const { t, lang } = useI18n();
  const open = report.status === 'open';
  const closable = report.status === 'open' || report.status === 'expired';
  // Only a report with a point is on the board and compared with missing pets.
  const pinned = report.cellLat !== null;
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
      {done === 'placed' && (
        <p role="status" className="font-semibold">
          {t('foundPet.managePlaced')}
        </p>
      )}
      {!pinned && closable && (
        <section className="flex flex-col gap-2 rounded-lg border border-destructive p-4" aria-labelledby="no-point">
          <p id="no-point" className="font-medium">
            <ScriptedWords
              withScripts={t('foundPet.manageNoPoint')}
              withoutScripts={t('foundPet.manageNoPointTyped')}
            />
          </p>
          {/* Typed without scripts (a maps app shows a spot's two numbers); with them, the form's pin
              map (found-report-main.ts) fills the same two fields. Refused, the focus is on the
              latitude, described by why beside it. */}
          <form method="post" action={`${managePath}/point`} className="grid gap-3">
            <div id="found-pin-map" className="grid gap-2" />
            <CoordinateFields
              id="found"
              hint={t('foundPet.coordinatesHint')}
              values={point}
              open
              error={typeof pointError === 'string' || !pointError ? pointError : <ScriptedWords {...pointError} />}
              autoFocus={Boolean(pointError)}
            />
            <Button type="submit" className="self-start">
              {t('foundPet.manageSavePoint')}
            </Button>
          </form>
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

      {(claimed || claims.length > 0) && (
        <section className="flex flex-col gap-2 rounded-lg border p-4" aria-labelledby="claimed">
          <h2 id="claimed" className="font-semibold">
            {t(claimed ? 'foundPet.manageClaimed' : 'foundPet.manageClaimsRefused')}
          </h2>
          {claimed && <p className="text-muted-foreground text-sm">{t('foundPet.manageRejectHint')}</p>}
          <ul className="flex flex-col gap-3">
            {claims.map((claim) => (
              <li key={claim.id} className="flex flex-col gap-2 border-t pt-2">
                <b>{t('foundPet.manageClaimOf', { name: claim.petName })}</b>
                {claim.thanked && !claim.rejected && <p>{t('foundPet.manageThanked', { name: claim.petName })}</p>}
                {claim.rejected ? (
                  <p>{t('foundPet.manageRejected')}</p>
                ) : (
                  <div className="flex flex-wrap gap-3">
                    <form method="post" action={`${managePath}/claims/${claim.id}/conversation`}>
                      <Button type="submit">{t('foundPet.manageConversation')}</Button>
                    </form>
                    <form method="post" action={`${managePath}/claims/${claim.id}/reject`}>
                      <Button type="submit" variant="outline">
                        {t('foundPet.manageRejectClaim')}
                      </Button>
                    </form>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {closable && confirmClose && <ConfirmClose managePath={managePath} {...confirmClose} />}
      {closable && !confirmClose && (
        <div className="flex flex-wrap gap-3">
          <form method="post" action={managePath}>
            <input type="hidden" name="action" value="renew" />
            <Button type="submit">{t('foundPet.manageRenew')}</Button>
          </form>
          <form method="post" action={managePath}>
            <input type="hidden" name="action" value="reunited" />
            <Button type="submit" variant="outline">
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
            <Button type="submit" variant="outline">
              {t('foundPet.manageShelter')}
            </Button>
          </form>
        </div>
      )}

      <p className="text-muted-foreground text-sm">{t('foundPet.manageKeepPrivate')}</p>
      <HomeFooter />
    </div>
  );
}

/** 'Close: …' asked for: what closing does, and the final button, or back to the page as it was. */
function ConfirmClose({
  managePath,
  action,
  shelterName,
}: { managePath: string } & NonNullable<FoundReportManageViewProps['confirmClose']>) {
  const { t } = useI18n();
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-destructive p-4" aria-labelledby="confirm-close">
      <h2 id="confirm-close" className="font-semibold">
        {t(action === 'reunited' ? 'foundPet.manageConfirmReunited' : 'foundPet.manageConfirmShelter')}
      </h2>
      <p>{t('foundPet.manageConfirmText')}</p>
      <div className="flex flex-wrap gap-3">
        <form method="post" action={managePath}>
          <input type="hidden" name="action" value={action} />
          {shelterName && <input type="hidden" name="shelterName" value={shelterName} />}
          <input type="hidden" name="confirm" value="yes" />
          <Button type="submit" variant="destructive">
            {t('foundPet.manageConfirmYes')}
          </Button>
        </form>
        <Button variant="outline" asChild>
          {/* biome-ignore lint/a11y/noAutofocus: the page answers a tap on 'Close: …'; the focus starts on the way back, so that Enter on it never closes the report. */}
          <a href={managePath} autoFocus>
            {t('foundPet.manageConfirmNo')}
          </a>
        </Button>
      </div>
    </section>
  );
}
