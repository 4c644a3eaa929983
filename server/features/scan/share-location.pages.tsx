import { type Response, Router } from 'express';
import { renderToString } from 'react-dom/server';
import { ScanFrame } from '../../../client/src/features/scan/components/scan-view';
import {
  type ShareLocationFormValues,
  ShareLocationFormView,
} from '../../../client/src/features/scan/components/share-location-form-view';
import type { PageShell } from '../../client-assets';
import { formBody, sameOriginForm, sendPage } from '../../lib/html-page';
import { validate } from '../../lib/validate';
import type { Services } from '../../services';
import { FINDER_REPORT_LIMIT_MESSAGE, FINDER_REPORT_RULE } from './scan.routes';
import { scanSchemas as schemas } from './scan.schemas';

const FIELDS = ['finderName', 'finderLocation', 'finderContact', 'message'] as const;

/** The form's fields as posted: text only, anything else left out. */
function readFields(body: unknown): ShareLocationFormValues {
  const posted = (body ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    FIELDS.map((field) => [field, typeof posted[field] === 'string' ? posted[field] : '']),
  ) as unknown as ShareLocationFormValues;
}

// The schema's messages name a field by its key ('finderLocation: Required'); the finder reads the form's words.
const FIELD_LABELS: Record<string, string> = {
  finderName: 'Your Name',
  finderLocation: 'Where you found the pet',
  finderContact: 'Your Phone or Email',
  message: 'Additional Message',
};

/**
 * Share Location without scripts: the scan page's Share Location link opens this server-rendered
 * form, and posting it files the report exactly as the dialog does (same schema, rate limit, owner
 * e-mail, conversation), then answers the spec's thank-you words with the link to the finder's
 * conversation page, so a finder without scripts reads the owner's replies too. A refused report
 * shows the form again, filled in, with the reason.
 */
export function shareLocationPages({ scan, pets, rateLimits }: Services, shell: PageShell) {
  const router = Router();

  const show = async (
    res: Response,
    petId: string,
    options: {
      status?: number;
      values?: ShareLocationFormValues;
      error?: string;
      sent?: { conversationPath: string };
    } = {},
  ) => {
    const pet = await pets.publicView(petId);
    if (!pet) return showNotFound(res);
    const view = { id: pet.id, name: pet.name };
    sendPage(res, shell, {
      status: options.status,
      title: `Share Location · ${pet.name} · Homeward`,
      body: `<main>${renderToString(<ShareLocationFormView pet={view} {...options} />)}</main>`,
    });
  };

  const showNotFound = (res: Response) =>
    sendPage(res, shell, {
      status: 404,
      title: 'Pet Not Found · Homeward',
      body: `<main>${renderToString(
        <ScanFrame>
          <div className="py-16 text-center">
            <h1 className="font-bold text-2xl">Pet Not Found</h1>
            <p className="text-muted-foreground">This QR code is not linked to any pet profile.</p>
          </div>
        </ScanFrame>,
      )}</main>`,
    });

  const path = '/scan/:id/share-location';

  router.get(path, validate(schemas.reportsOfPet), async (req, res) => {
    await show(res, req.params.id);
  });

  router.post(path, validate(schemas.reportsOfPet), sameOriginForm, formBody, async (req, res) => {
    const petId = req.params.id;
    if (!(await pets.publicView(petId))) return showNotFound(res);
    const values = readFields(req.body);
    const parsed = schemas.report.body.safeParse({ ...values, petId, finderLatitude: '', finderLongitude: '' });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = FIELD_LABELS[String(issue.path[0])] ?? String(issue.path[0]);
      return show(res, petId, { status: 400, values, error: `${field}: ${issue.message}` });
    }
    const limit = await rateLimits.hit(FINDER_REPORT_RULE, `${req.ip ?? 'unknown'}:${petId}`);
    if (!limit.allowed) {
      res.setHeader('Retry-After', String(limit.retryAfter));
      return show(res, petId, { status: 429, values, error: FINDER_REPORT_LIMIT_MESSAGE });
    }
    const { conversationPath } = await scan.report(parsed.data);
    await show(res, petId, { sent: { conversationPath } });
  });

  return router;
}
