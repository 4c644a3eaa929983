import { Moon, Sun } from 'lucide-react';
import { useTheme } from '@/app/theme';
import { Button } from '@/components/ui/button';

/** The theme toggle: an icon button, or with `label` a row that reads it beside the icon. */
export function ThemeToggle({ label }: { label?: string }) {
  const { theme, toggleTheme } = useTheme();
  const Icon = theme === 'dark' ? Sun : Moon;

  return label ? (
    <Button variant="ghost" className="justify-between" aria-label="Toggle theme" onClick={toggleTheme}>
      {label}
      <Icon aria-hidden="true" />
    </Button>
  ) : (
    <Button variant="ghost" size="icon" aria-label="Toggle theme" onClick={toggleTheme}>
      <Icon aria-hidden="true" />
    </Button>
  );
}
