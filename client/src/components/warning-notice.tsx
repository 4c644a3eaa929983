import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

interface WarningNoticeProps {
  icon: LucideIcon;
  title: ReactNode;
  children: ReactNode;
}

/** Something the owner should act on, set apart from the page: a titled region in the warning colour. */
export function WarningNotice({ icon: Icon, title, children }: WarningNoticeProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border-2 border-warning bg-warning/15 p-4"
    >
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-lg">
        <Icon className="size-5" aria-hidden="true" />
        {title}
      </h2>
      {children}
    </section>
  );
}
