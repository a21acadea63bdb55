// A studio session invoice's details (SPEC §3 invoiceDetails, §4 Invoice totals): number, item rows with their
// amount (quantity × rate), tax rate, and subtotal, tax and total recomputed on every keystroke.
import {
  formatMoney,
  INVOICE_ITEMS_MAX,
  INVOICE_NUMBER_MAX,
  NOTES_MAX,
  QUANTITY_MAX,
  RATE_MAX,
  SHORT_TEXT_MAX,
} from '@mixdesk/contract/documents';
import { Field } from '../../../ui/field';
import { Input, Textarea } from '../../../ui/input';
import { liveInvoiceTotals } from './form-model';
import { type FormValues, type ItemRow, itemRow } from './form-values';
import { AddRowButton, type PartProps, RemoveRowButton, RowLabel, Section } from './section';

type Values = FormValues['invoiceDetails'];

export function InvoiceFields({ values, errors, onChange }: PartProps<Values>) {
  const path = (key: keyof Values) => `invoiceDetails.${key}`;
  const bind = (key: Exclude<keyof Values, 'items'>) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => onChange({ [key]: e.target.value }, [path(key)]),
  });
  const totals = liveInvoiceTotals(values);
  const setItem = (n: number, key: keyof Omit<ItemRow, 'key'>, value: string) =>
    onChange({ items: values.items.map((it, i) => (i === n ? { ...it, [key]: value } : it)) }, [
      `invoiceDetails.items.${n}.${key}`,
      path('items'),
    ]);
  return (
    <>
      <Section title="Invoice">
        <Field label="Invoice number" error={errors[path('invoiceNumber')]}>
          {(c) => (
            <Input
              {...c}
              {...bind('invoiceNumber')}
              maxLength={INVOICE_NUMBER_MAX}
              placeholder="e.g. INV-0042"
            />
          )}
        </Field>
        <Field label="Due date" error={errors[path('dueDate')]}>
          {(c) => <Input {...c} {...bind('dueDate')} type="date" />}
        </Field>
      </Section>
      <Section title="Items" columns={1}>
        {errors[path('items')] && <p className="text-xs text-danger">{errors[path('items')]}</p>}
        <ul className="flex flex-col gap-3 sm:gap-2">
          {values.items.map((item, n) => {
            const at = (key: string) => errors[`invoiceDetails.items.${n}.${key}`];
            return (
              <li
                key={item.key}
                className="grid grid-cols-[1fr_1fr_2rem] items-end gap-2 border-b border-border pb-3 sm:grid-cols-[minmax(0,1fr)_5rem_7rem_7rem_2rem] sm:border-0 sm:pb-0"
              >
                <Field
                  label={<RowLabel name={`Item ${n + 1} description`} text="Description" first={n === 0} />}
                  error={at('description')}
                  className="col-span-2 sm:col-span-1"
                >
                  {(c) => (
                    <Input
                      {...c}
                      value={item.description}
                      maxLength={SHORT_TEXT_MAX}
                      onChange={(e) => setItem(n, 'description', e.target.value)}
                    />
                  )}
                </Field>
                <Field
                  label={<RowLabel name={`Item ${n + 1} quantity`} text="Quantity" first={n === 0} />}
                  error={at('quantity')}
                >
                  {(c) => (
                    <Input
                      {...c}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      max={QUANTITY_MAX}
                      step="any"
                      value={item.quantity}
                      onChange={(e) => setItem(n, 'quantity', e.target.value)}
                    />
                  )}
                </Field>
                <Field
                  label={<RowLabel name={`Item ${n + 1} rate`} text="Rate (USD)" first={n === 0} />}
                  error={at('rate')}
                  className="col-span-2 sm:col-span-1"
                >
                  {(c) => (
                    <Input
                      {...c}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      max={RATE_MAX}
                      step="0.01"
                      value={item.rate}
                      onChange={(e) => setItem(n, 'rate', e.target.value)}
                    />
                  )}
                </Field>
                <p className="col-span-3 flex items-center justify-end gap-2 font-mono text-base tabular-nums sm:col-span-1 sm:h-8">
                  <span className="font-sans text-xs text-muted sm:sr-only">Amount</span>
                  <span data-testid="item-amount">{formatMoney(totals.amounts[n] ?? 0)}</span>
                </p>
                <div className="col-start-3 row-start-1 flex justify-end sm:col-start-auto sm:row-start-auto">
                  {values.items.length > 1 && (
                    <RemoveRowButton
                      label={`Remove item ${n + 1}`}
                      onClick={() =>
                        onChange({ items: values.items.filter((it) => it.key !== item.key) }, [
                          `${path('items')}.*`,
                        ])
                      }
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        {values.items.length < INVOICE_ITEMS_MAX && (
          <AddRowButton onClick={() => onChange({ items: [...values.items, itemRow()] }, [path('items')])}>
            Add item
          </AddRowButton>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <Field label="Tax rate (%)" error={errors[path('taxRate')]} className="sm:w-32">
            {(c) => (
              <Input
                {...c}
                {...bind('taxRate')}
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step="any"
              />
            )}
          </Field>
          <dl aria-label="Invoice totals" className="flex min-w-56 flex-col gap-1 text-base">
            <div className="flex justify-between gap-6">
              <dt className="text-muted">Subtotal</dt>
              <dd className="font-mono tabular-nums">{formatMoney(totals.subtotal)}</dd>
            </div>
            <div className="flex justify-between gap-6">
              <dt className="text-muted">Tax</dt>
              <dd className="font-mono tabular-nums">{formatMoney(totals.tax)}</dd>
            </div>
            <div className="flex justify-between gap-6 border-t border-border pt-1 font-semibold">
              <dt>Total</dt>
              <dd className="font-mono tabular-nums">{formatMoney(totals.total)}</dd>
            </div>
          </dl>
        </div>
      </Section>
      <Section title="Payment">
        <Field label="Payment terms" error={errors[path('paymentTerms')]}>
          {(c) => <Input {...c} {...bind('paymentTerms')} maxLength={SHORT_TEXT_MAX} />}
        </Field>
        <Field label="Notes" error={errors[path('notes')]} className="sm:col-span-2">
          {(c) => <Textarea {...c} {...bind('notes')} rows={2} maxLength={NOTES_MAX} />}
        </Field>
      </Section>
    </>
  );
}
