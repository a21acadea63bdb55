import { GenerateDocumentSchema } from '@mixdesk/contract/documents';
import { describe, expect, it } from 'vitest';
import {
  applySource,
  clearErrors,
  isShownPath,
  liveInvoiceTotals,
  liveRevenueShare,
  shareTotal,
  toPayload,
  validate,
} from './form-model';
import { emptyForm, type FormValues, itemRow } from './form-values';

const withParties = (form: FormValues): FormValues => ({
  ...form,
  parties: {
    primary: { name: 'Nia Cole', email: 'nia@example.com', address: '', phone: '' },
    secondary: { name: 'Jonas Berg', email: 'jonas@example.com', address: '', phone: '' },
  },
});

describe('the document form', () => {
  it("an empty form gets SPEC §5's messages, and each type adds its own", () => {
    expect(validate(emptyForm())).toEqual({
      templateName: 'Template is required',
      'parties.primary.name': 'Primary party name is required',
      'parties.primary.email': 'Primary party email is required',
      'parties.secondary.name': 'Secondary party name is required',
      'parties.secondary.email': 'Secondary party email is required',
    });
    const contract = withParties({ ...emptyForm(), templateName: 'producer-contract' });
    expect(validate(contract)).toEqual({
      'contractDetails.projectTitle': 'Project title is required',
      'contractDetails.budget': 'Budget must be greater than 0',
    });
    const invoice = withParties({ ...emptyForm(), templateName: 'studio-session-invoice' });
    expect(validate(invoice)).toEqual({
      'invoiceDetails.invoiceNumber': 'Invoice number is required',
      'invoiceDetails.dueDate': 'Due date is required',
    });
    // A split sheet's parties are its people: no party messages.
    expect(validate({ ...emptyForm(), templateName: 'split-sheet' })).toEqual({});
  });

  it('a zero or negative budget is refused like a blank one', () => {
    const form = withParties({ ...emptyForm(), templateName: 'producer-contract' });
    form.contractDetails = { ...form.contractDetails, projectTitle: 'Night Drive', budget: '0' };
    expect(validate(form)['contractDetails.budget']).toBe('Budget must be greater than 0');
    form.contractDetails.budget = '-5';
    expect(validate(form)['contractDetails.budget']).toBe('Budget must be greater than 0');
    form.contractDetails.budget = '2500';
    expect(validate(form)).toEqual({});
  });

  it('invoice amounts and totals follow quantity × rate and the tax rate, to the cent', () => {
    const invoice = {
      ...emptyForm().invoiceDetails,
      items: [itemRow('Tracking', '2', '450'), itemRow('Mix', '3', '85.50')],
      taxRate: '8.25',
    };
    expect(liveInvoiceTotals(invoice)).toEqual({
      amounts: [900, 256.5],
      subtotal: 1156.5,
      tax: 95.41,
      total: 1251.91,
    });
    // Blank or half-typed numbers count as 0 instead of breaking the figures.
    invoice.items = [itemRow('Tracking', '', '-'), itemRow('Mix', '1e400', '10')];
    expect(liveInvoiceTotals(invoice).total).toBe(0);
  });

  it('the secondary share is always 100 minus the primary, held within 0 to 100', () => {
    expect(liveRevenueShare('60')).toEqual({ primary: 60, secondary: 40 });
    expect(liveRevenueShare('33.33')).toEqual({ primary: 33.33, secondary: 66.67 });
    expect(liveRevenueShare('150')).toEqual({ primary: 100, secondary: 0 });
    expect(liveRevenueShare('-4')).toEqual({ primary: 0, secondary: 100 });
  });

  it('split sheet totals are exact in hundredths', () => {
    const people = ['33.33', '33.33', '33.34'].map((share) => ({
      key: 0,
      name: '',
      email: '',
      role: '',
      pro: '',
      ipi: '',
      share,
    }));
    expect(shareTotal(people)).toBe(100);
  });

  it('every kind of filled form sends a payload the contract accepts', () => {
    const base = withParties(emptyForm());
    const forms: FormValues[] = [
      {
        ...base,
        templateName: 'producer-contract',
        contractDetails: { ...base.contractDetails, projectTitle: 'Night Drive', budget: '2500' },
      },
      {
        ...base,
        templateName: 'studio-session-invoice',
        invoiceDetails: {
          ...base.invoiceDetails,
          invoiceNumber: 'INV-1',
          dueDate: '2031-01-31',
          items: [itemRow('Tracking', '2', '450')],
          taxRate: '10',
        },
      },
      { ...base, templateName: 'collaboration-agreement' },
      {
        ...base,
        templateName: 'split-sheet',
        splitSheetDetails: {
          songTitle: 'Paper Lanterns',
          writers: base.splitSheetDetails.writers.map((w, i) => ({
            ...w,
            name: `Writer ${i + 1}`,
            email: `w${i + 1}@example.com`,
          })),
          publishers: [],
        },
      },
    ];
    for (const form of forms) {
      expect(validate(form)).toEqual({});
      const parsed = GenerateDocumentSchema.safeParse(toPayload(form));
      expect(parsed.error?.issues ?? []).toEqual([]);
    }
    const agreement = toPayload(forms[2]!);
    expect(agreement.agreementDetails?.revenueShare).toEqual({
      primaryPercentage: 50,
      secondaryPercentage: 50,
    });
    expect(toPayload(forms[3]!).parties).toBeUndefined();
  });

  it('Auto-Populate fills the project, the titles, the parties and a first invoice line', () => {
    const filled = applySource(emptyForm(), {
      _id: 'p1',
      name: 'Midnight Frequencies',
      description: '',
      status: 'mixing',
      ownerName: 'Nia Cole',
      ownerEmail: 'nia@example.com',
      collaborators: [{ name: 'Rae Moss', email: 'rae@example.com', role: 'Vocalist' }],
    });
    expect(filled.project).toEqual({ id: 'p1', name: 'Midnight Frequencies' });
    expect(filled.parties.primary).toMatchObject({ name: 'Nia Cole', email: 'nia@example.com' });
    expect(filled.parties.secondary).toMatchObject({ name: 'Rae Moss', email: 'rae@example.com' });
    expect(filled.contractDetails.projectTitle).toBe('Midnight Frequencies');
    expect(filled.splitSheetDetails.songTitle).toBe('Midnight Frequencies');
    expect(filled.invoiceDetails.items[0]?.description).toBe('Midnight Frequencies — studio session');
    expect(toPayload({ ...filled, templateName: 'producer-contract' }).projectId).toBe('p1');
  });

  it("server errors go beside the fields the form shows; a removed row's errors go with it", () => {
    expect(isShownPath('invoiceDetails.items.0.rate')).toBe(true);
    expect(isShownPath('parties.secondary.email')).toBe(true);
    expect(isShownPath('projectId')).toBe(false);
    const errors = {
      'invoiceDetails.items': 'Add at least one item',
      'invoiceDetails.items.1.rate': 'Rate is required',
      'invoiceDetails.itemsX': 'unrelated',
      title: 'Title must be at most 200 characters',
    };
    expect(clearErrors(errors, ['invoiceDetails.items.*'])).toEqual({
      'invoiceDetails.itemsX': 'unrelated',
      title: 'Title must be at most 200 characters',
    });
    expect(clearErrors(errors, ['title'])).not.toHaveProperty('title');
  });
});
