import { PawPrint, Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

// The /found page: rendered by the server only, a plain form that works without any script (a
// finder may be on a weak signal or an old phone). Keep it free of browser-only APIs and state.

export const FOUND_PATH = '/found';

interface FoundViewProps {
  /** What the finder typed, given back when it named no pet. */
  code?: string;
  error?: string;
}

export function FoundView({ code = '', error }: FoundViewProps) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-8">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-3xl">Found a Pet?</h1>
          </CardTitle>
          <CardDescription>
            Enter the code printed on the pet's tag, under its QR code, or the 15-digit microchip number a vet or
            shelter read. We will open the pet's page, where you can call the owner or tell them where the pet is.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form method="get" action={FOUND_PATH} className="grid gap-3" noValidate>
            <div className="grid gap-2">
              <Label htmlFor="found-code">Tag code or microchip number</Label>
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
                placeholder="e.g., 7KQ-4MXP"
                maxLength={64}
                className="font-mono text-lg uppercase tracking-wider placeholder:normal-case placeholder:tracking-normal"
              />
              <p id="found-code-hint" className="text-muted-foreground text-sm">
                Capitals, spaces and dashes do not matter.
              </p>
              {error && (
                <p id="found-code-error" role="alert" className="font-medium text-destructive text-sm">
                  {error}
                </p>
              )}
            </div>
            <Button type="submit" size="lg" className="justify-self-start">
              <Search aria-hidden="true" />
              Find Pet
            </Button>
          </form>
        </CardContent>
      </Card>
      <footer className="flex flex-col items-center gap-1 text-center text-muted-foreground text-sm">
        <a
          href="/"
          className="flex items-center gap-1.5 font-semibold text-foreground underline-offset-4 hover:underline"
        >
          <PawPrint className="size-4 text-accent-foreground" aria-hidden="true" />
          Homeward
        </a>
        Helping lost pets find their way home.
      </footer>
    </div>
  );
}
