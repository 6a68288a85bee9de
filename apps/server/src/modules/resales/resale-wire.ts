import { formatMoney } from '@excursio/contract/format';
import type { Resale, Statement } from '@excursio/contract/partners';
import { orderReference } from '../orders/order-wire.ts';
import { resaleFigures, settlementLabel } from '../orders/resale-money.ts';
import type { ResaleRowView } from './resales.repository.ts';

/** The figures of one resale now (commission on what the customer finally pays, who owes whom). */
export const figuresOf = (v: ResaleRowView) =>
  resaleFigures({
    grossMinor: v.resale.grossMinor,
    commissionAtSaleMinor: v.resale.commissionMinor,
    // A canceled line no longer counts in the order's total (a canceled order's is 0).
    totalMinor: v.order.totalMinor,
    collectedMinor: v.collected,
    collector: v.resale.paymentCollector,
    atSupplierMinor: v.atSupplier,
    transferredMinor: v.transferred,
    splitRefundedMinor: v.splitRefunded,
  });

export const resaleWire = (v: ResaleRowView, accountId: string): Resale => {
  const figures = figuresOf(v);
  const names = { supplier: v.supplierName, reseller: v.resellerName };
  return {
    id: v.order.id,
    reference: orderReference(v.order.number, v.order.referencePrefix),
    side: v.resale.accountId === accountId ? 'supplier' : 'reseller',
    partnership_id: v.resale.partnershipId,
    supplier: { id: v.resale.accountId, name: v.supplierName },
    reseller: { id: v.resale.resellerAccountId, name: v.resellerName },
    store: v.resale.storeId && v.storeName !== null ? { id: v.resale.storeId, name: v.storeName } : null,
    status: v.order.status,
    payment_status: v.order.paymentStatus,
    currency: v.order.currency,
    contact_name: `${v.order.contactFirstName} ${v.order.contactLastName}`.trim(),
    offers: v.offers,
    gross: v.resale.grossMinor,
    total: v.order.totalMinor,
    collected: v.collected,
    commission_percent: v.resale.commissionBp === null ? null : v.resale.commissionBp / 100,
    pricing_mode: v.resale.pricingMode,
    commission: figures.commissionMinor,
    net: figures.netMinor,
    payment_collector: v.resale.paymentCollector,
    settlement: {
      reseller_owes_supplier: figures.resellerOwesSupplier,
      label: settlementLabel(figures.resellerOwesSupplier, names, (m) => formatMoney(m, v.order.currency, 'en')),
    },
    created_at: v.order.createdAt.toISOString(),
    canceled_at: v.order.canceledAt?.toISOString() ?? null,
  };
};

/** One statement line per resale of the month, and their totals. */
export const statementOf = (
  partnershipId: string,
  month: string,
  names: { supplier: string; reseller: string },
  rows: ResaleRowView[],
): Statement => {
  const lines = rows.map((v) => {
    const f = figuresOf(v);
    return {
      order_reference: orderReference(v.order.number, v.order.referencePrefix),
      created_at: v.order.createdAt.toISOString(),
      status: v.order.status,
      gross: v.resale.grossMinor,
      canceled: Math.max(0, v.resale.grossMinor - v.order.totalMinor),
      collected: v.collected,
      commission: f.commissionMinor,
      split_to_reseller: v.transferred,
      net: f.netMinor,
      reseller_owes_supplier: f.resellerOwesSupplier,
    };
  });
  const sum = (key: keyof (typeof lines)[number]) => lines.reduce((s, l) => s + (l[key] as number), 0);
  const owes = sum('reseller_owes_supplier');
  const currency = rows[0]?.order.currency ?? null;
  return {
    partnership_id: partnershipId,
    month,
    currency,
    supplier: names.supplier,
    reseller: names.reseller,
    lines,
    totals: {
      sales: lines.length,
      gross: sum('gross'),
      canceled: sum('canceled'),
      collected: sum('collected'),
      commission: sum('commission'),
      split_to_reseller: sum('split_to_reseller'),
      net: sum('net'),
      reseller_owes_supplier: owes,
    },
    settlement: {
      reseller_owes_supplier: owes,
      label: settlementLabel(owes, names, (m) => (currency ? formatMoney(m, currency, 'en') : String(m))),
    },
  };
};
