import { zodResolver } from '@hookform/resolvers/zod';
import type { NewMessage } from '@shared/contracts/conversations';
import { MESSAGE_MAX_LENGTH } from '@shared/contracts/conversations';
import { newMessageSchema } from '@shared/contracts/message-schema';
import type { UseMutationResult } from '@tanstack/react-query';
import { Reply, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { showErrorToast } from '@/lib/error-toast';
import { useReplyToReport } from '../api/reply-to-report';

interface ReplyDialogProps {
  petId: string;
  reportId: string;
  /** Whether the reply also reaches the finder by e-mail (they left an address, which stays hidden). */
  finderHasEmail: boolean;
}

/** The owner's answer to one finder: it shows on the finder's conversation page (and in their e-mail). */
export function ReplyDialog({ petId, reportId, finderHasEmail }: ReplyDialogProps) {
  const [open, setOpen] = useState(false);
  const reply = useReplyToReport(petId, reportId);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="justify-self-start">
          <Reply aria-hidden="true" />
          Reply
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reply to the Finder</DialogTitle>
          <DialogDescription>
            {finderHasEmail
              ? 'The finder receives your reply by email and on their conversation page. Your email address stays private.'
              : 'The finder sees your reply on their conversation page. Your email address stays private.'}
          </DialogDescription>
        </DialogHeader>
        <ReplyForm reply={reply} sent="The finder can now read your reply." onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * An owner's reply, to a finder or to someone who saw the pet: `reply` sends it, `sent` says to whom
 * it went once it has.
 */
export function ReplyForm({
  reply,
  sent,
  onDone,
}: {
  reply: UseMutationResult<unknown, Error, NewMessage>;
  sent: string;
  onDone: () => void;
}) {
  const id = useId();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(newMessageSchema),
    defaultValues: { body: '' },
  });
  const error = formState.errors.body;

  const onSubmit = handleSubmit((values) =>
    reply.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Reply Sent', description: sent });
        onDone();
      },
      onError: (failure) =>
        showErrorToast({ error: failure, fallback: 'Failed to send your reply. Please try again.' }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-body`}>Your Reply</Label>
        <Textarea
          id={`${id}-body`}
          maxLength={MESSAGE_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-body-error` : undefined}
          {...register('body')}
        />
        {error && (
          <p id={`${id}-body-error`} className="text-sm font-medium text-destructive">
            {error.message}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="submit" busy={reply.isPending}>
          <Send aria-hidden="true" />
          {reply.isPending ? 'Sending...' : 'Send Reply'}
        </Button>
      </DialogFooter>
    </form>
  );
}
