import { Moon, Sun } from 'lucide-react';
import { useTheme } from '@/app/theme';
import { Button } from '@/components/ui/button';

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const Icon = theme === 'dark' ? Sun : Moon;

  return (
    <Button variant="ghost" size="icon" aria-label="Toggle theme" className={className} onClick={toggleTheme}>
      <Icon aria-hidden="true" />
    </Button>
  );
}
