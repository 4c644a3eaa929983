import { Megaphone, Search } from 'lucide-react';
import { HomeFooter } from '@/components/home-footer';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type FinderI18n, I18nProvider, useI18n } from '@/lib/i18n';
import { FOUND_REPORT_PATH } from './found-report-form-view';

// The /found page: rendered by the server only, a plain form that works without any script (a
// finder may be on a weak signal or an old phone). Keep it free of browser-only APIs and state.

export const FOUND_PATH = '/found';

interface FoundViewProps {
  i18n: FinderI18n;
  /** What the finder typed, given back when it named no pet. */
  code?: string;
  error?: string;
}

export function FoundView({ i18n, ...form }: FoundViewProps) {
  return (
    <I18nProvider i18n={i18n}>
      <Found {...form} />
    </I18nProvider>
  );
}

function Found({ code = '', error }: Omit<FoundViewProps, 'i18n'>) {
  const { t } = useI18n();
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-8">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-3xl">{t('found.title')}</h1>
          </CardTitle>
          <CardDescription>{t('found.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form method="get" action={FOUND_PATH} className="grid gap-3" noValidate>
            <div className="grid gap-2">
              <Label htmlFor="found-code">{t('found.label')}</Label>
              <Input
                id="found-code"
                name="code"
                defaultValue={code}
                required
                aria-required="true"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'found-code-error found-code-hint' : 'found-code-hint'}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder={t('found.placeholder')}
                maxLength={64}
                className="font-mono text-lg uppercase tracking-wider placeholder:normal-case placeholder:tracking-normal"
              />
              <p id="found-code-hint" className="text-muted-foreground text-sm">
                {t('found.hint')}
              </p>
              {error && (
                <p id="found-code-error" role="alert" className="font-medium text-destructive text-sm">
                  {error}
                </p>
              )}
            </div>
            <Button type="submit" size="lg" className="justify-self-start">
              <Search aria-hidden="true" />
              {t('found.submit')}
            </Button>
          </form>
        </CardContent>
      </Card>
      {/* Beside the lookup: a pet without a tag or chip can still be posted. */}
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-xl">{t('foundPet.noTagTitle')}</h2>
          </CardTitle>
          <CardDescription>{t('foundPet.noTagText')}</CardDescription>
        </CardHeader>
        <CardContent>
          {/* Its words wrap on a phone: in Spanish they are wider than 360 px on one line. */}
          <Button asChild variant="outline" size="lg" className="h-auto min-h-11 whitespace-normal py-2 text-center">
            <a href={FOUND_REPORT_PATH}>
              <Megaphone aria-hidden="true" />
              {t('foundPet.reportLink')}
            </a>
          </Button>
        </CardContent>
      </Card>
      <HomeFooter />
    </div>
  );
}
