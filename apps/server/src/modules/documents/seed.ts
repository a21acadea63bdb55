// The demo account's documents: a contract on one of its projects, an invoice and a split sheet, rendered
// as real PDFs, so /documents shows what a working producer's looks like on the first visit.
import type { GenerateDocumentInput } from '@mixdesk/contract/documents';
import { GenerateDocumentSchema } from '@mixdesk/contract/documents';
import type { AppContext } from '../../platform/context.ts';
import { userContact } from '../auth/public.ts';
import { projectsOwnedBy } from '../projects/public.ts';
import { generateDocument } from './service.ts';

const artist = {
  name: 'Rae Moss',
  email: 'rae.moss@example.com',
  address: '88 Wren Ave\nNashville, TN',
  phone: '',
};

function samples(demo: { name: string; email: string }, project: { id: string; title: string } | undefined) {
  const me = {
    name: demo.name,
    email: demo.email,
    address: 'Studio B, 12 Music Row\nNashville, TN',
    phone: '',
  };
  const dueDate = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
  const list: GenerateDocumentInput[] = [
    {
      templateName: 'producer-contract',
      projectId: project?.id,
      parties: { primary: me, secondary: artist },
      contractDetails: {
        projectTitle: project?.title ?? 'Night Drive',
        deliverables: [
          'Produced and mixed master of each song',
          'Instrumental and a cappella versions',
          'Stems',
        ],
        timeline: 'Six weeks from the first session',
        budget: 4800,
        paymentTerms: 'Half on signing, half on delivery of the masters.',
        rights:
          'The artist owns the masters. The producer is credited as producer and receives 3% of net receipts.',
        cancellationTerms:
          'Either party may cancel with 14 days written notice; work delivered until then is paid.',
      },
    },
    {
      templateName: 'studio-session-invoice',
      parties: { primary: me, secondary: artist },
      invoiceDetails: {
        invoiceNumber: 'INV-1001',
        items: [
          { description: 'Tracking, Studio B (hours)', quantity: 8, rate: 75 },
          { description: 'Mix, per song', quantity: 3, rate: 350 },
        ],
        taxRate: 9.25,
        dueDate,
        notes: 'Thank you for recording with us.',
      },
    },
    {
      templateName: 'split-sheet',
      splitSheetDetails: {
        songTitle: 'Paper Lanterns',
        writers: [
          { name: demo.name, email: demo.email, role: 'Composer', pro: 'BMI', ipi: '', share: 50 },
          { name: artist.name, email: artist.email, role: 'Lyricist', pro: 'ASCAP', ipi: '', share: 50 },
        ],
      },
    },
  ];
  return list;
}

export async function seedDocuments(ctx: AppContext, demoUserId: string): Promise<void> {
  const demo = await userContact(ctx.db, demoUserId).executeTakeFirstOrThrow();
  const project = await projectsOwnedBy(ctx.db, demoUserId)
    .select(['id', 'title'])
    .orderBy('created_at')
    .executeTakeFirst();
  for (const input of samples(demo, project))
    await generateDocument(ctx, demo, GenerateDocumentSchema.parse(input), { ip: null, userAgent: null });
}
