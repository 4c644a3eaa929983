import type { Request } from 'express';
import { renderToString } from 'react-dom/server';
import { ScanFrame, ScanProfile } from '../../../client/src/features/scan/components/scan-view';
import { hasSessionCookie } from '../../auth/sessions';
import type { Prerender, PrerenderedPage } from '../../client-assets';
import type { AppContext } from '../../context';
import { isUuid } from '../../lib/validate';
import { presentPublicPet } from '../pets/pets.presenter';
import { findPet } from '../pets/pets.repository';

/**
 * A finder's first visit to /scan/{id} arrives as finished HTML, from the same components the app
 * renders: on a weak signal the pet and the Call Owner link show before any script has loaded.
 * Signed-in visitors get the plain app, which may show them more than the public view.
 */
export function scanPrerender({ db }: AppContext): Prerender {
  return {
    path: '/scan/:id',
    entry: 'src/scan-main.tsx',
    async render(req: Request): Promise<PrerenderedPage | undefined> {
      if (hasSessionCookie(req) || !isUuid(req.params.id)) return undefined;
      const row = await findPet(db, req.params.id.toLowerCase());
      if (!row) return undefined;
      const pet = presentPublicPet(row);
      // JSON inside a script element: "<" must not be able to close it.
      const data = JSON.stringify(pet).replace(/</g, '\\u003c');
      return {
        title: `${pet.isMissing ? 'Missing: ' : ''}${pet.name} · Homeward`,
        body:
          `<div id="prerender"><main>${renderToString(
            <ScanFrame>
              <ScanProfile pet={pet} />
            </ScanFrame>,
          )}</main></div>` + `<script type="application/json" id="prerender-data">${data}</script>`,
      };
    },
  };
}
