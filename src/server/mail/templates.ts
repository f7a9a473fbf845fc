// Email bodies: every mail has a plain-text part and an HTML part. The
// HTML is a table-based layout with inline styles only — the subset that Outlook,
// Gmail and Apple Mail all render — with the product name in the header. The
// layout and its pieces are shared by every module's mail; the account mails are here.

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailBrand {
  productName: string;
  publicUrl: string;
}

export const esc = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

export const FONT = "font-family:Arial,Helvetica,sans-serif;";
const NAVY = "#1e3a8a";

export function paragraph(text: string): string {
  return `<p style="margin:0 0 16px 0;${FONT}font-size:15px;line-height:22px;color:#1e293b;">${esc(text)}</p>`;
}

export function button(label: string, href: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 20px 0;"><tr>
<td bgcolor="${NAVY}" style="border-radius:6px;background-color:${NAVY};">
<a href="${esc(href)}" style="display:inline-block;padding:12px 22px;${FONT}font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${esc(label)}</a>
</td></tr></table>`;
}

/** The shared layout: a 600 px centred card with the product name on a navy band. */
export function layout(brand: MailBrand, opts: { title: string; preheader?: string; body: string }): string {
  return `<!DOCTYPE html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(opts.title)}</title></head>
<body style="margin:0;padding:0;background-color:#f1f5f9;">
<div style="display:none;max-height:0;overflow:hidden;">${esc(opts.preheader ?? opts.title)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f1f5f9" style="background-color:#f1f5f9;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid #e2e8f0;border-radius:8px;">
<tr><td bgcolor="${NAVY}" style="background-color:${NAVY};padding:18px 24px;border-radius:8px 8px 0 0;${FONT}font-size:20px;font-weight:bold;color:#ffffff;">${esc(brand.productName)}</td></tr>
<tr><td style="padding:24px;">
<h1 style="margin:0 0 16px 0;${FONT}font-size:20px;line-height:28px;color:#0f172a;">${esc(opts.title)}</h1>
${opts.body}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e2e8f0;${FONT}font-size:12px;line-height:18px;color:#64748b;">
${esc(brand.productName)} · <a href="${esc(brand.publicUrl)}/" style="color:#475569;">${esc(brand.publicUrl.replace(/^https?:\/\//, ""))}</a><br>
You receive this email because you have an account on the ${esc(brand.productName)} load board.
</td></tr>
</table></td></tr></table></body></html>`;
}

/** A simple mail: a greeting, paragraphs, an optional button; text and HTML say the same. */
function simpleMail(
  brand: MailBrand,
  m: { subject: string; title: string; greeting?: string; paragraphs: string[]; action?: { label: string; href: string }; after?: string[] },
): RenderedMail {
  const lines = [m.greeting, ...m.paragraphs].filter((l): l is string => !!l);
  const after = m.after ?? [];
  const text = [
    ...lines,
    ...(m.action ? [`${m.action.label}: ${m.action.href}`] : []),
    ...after,
    `— ${brand.productName}`,
  ].join("\n\n");
  const html = layout(brand, {
    title: m.title,
    body: [...lines.map(paragraph), m.action ? button(m.action.label, m.action.href) : "", ...after.map(paragraph)].join("\n"),
  });
  return { subject: m.subject, text: `${text}\n`, html };
}

type Who = { name: string; email: string };

export function passwordResetMail(brand: MailBrand, user: Who, link: string): RenderedMail {
  return simpleMail(brand, {
    subject: `Reset your ${brand.productName} password`,
    title: "Reset your password",
    greeting: `Hello ${user.name},`,
    paragraphs: [
      `Someone asked to reset the password of your ${brand.productName} account.`,
      "Open this link within 1 hour to choose a new password:",
    ],
    action: { label: "Choose a new password", href: link },
    after: ["If it was not you, ignore this email: your password stays the same."],
  });
}

export function passwordChangedMail(brand: MailBrand, user: Who): RenderedMail {
  return simpleMail(brand, {
    subject: `Your ${brand.productName} password was changed`,
    title: "Your password was changed",
    greeting: `Hello ${user.name},`,
    paragraphs: [
      `The password of your ${brand.productName} account was just changed.`,
      "If this was not you, reset your password now and contact us.",
    ],
    action: { label: "Sign in", href: `${brand.publicUrl}/login` },
  });
}

export function registrationReceivedMail(brand: MailBrand & { newUserMailbox: string }, applicant: Who): RenderedMail {
  return simpleMail(brand, {
    subject: `We received your ${brand.productName} application`,
    title: "Thank you for registering",
    greeting: `Hello ${applicant.name},`,
    paragraphs: [
      "Thank you for registering. Your account is pending admin approval.",
      `Please email your vehicle insurance and goods-in-transit insurance to ${brand.newUserMailbox}.`,
      "We will email you as soon as your account is approved.",
    ],
  });
}

export function registrationStaffMail(brand: MailBrand, applicant: Who & { carrierName: string | null }): RenderedMail {
  return simpleMail(brand, {
    subject: `New carrier registration waiting: ${applicant.carrierName ?? applicant.name}`,
    title: "A new carrier registration is waiting",
    paragraphs: [
      `${applicant.name} (${applicant.carrierName ?? "no company"}, ${applicant.email}) registered and waits for approval.`,
    ],
    action: { label: "Review pending users", href: `${brand.publicUrl}/admin` },
  });
}

export function accountApprovedMail(brand: MailBrand, user: Who): RenderedMail {
  return simpleMail(brand, {
    subject: `Your ${brand.productName} account is approved`,
    title: "Your account is approved",
    greeting: `Hello ${user.name},`,
    paragraphs: ["Your account is approved. Sign in to see available loads."],
    action: { label: "Sign in", href: `${brand.publicUrl}/login` },
  });
}

export function accountRejectedMail(brand: MailBrand, user: Who): RenderedMail {
  return simpleMail(brand, {
    subject: `Your ${brand.productName} application`,
    title: "Your account application",
    greeting: `Hello ${user.name},`,
    paragraphs: [
      "We are sorry: we could not approve your account application.",
      "Reply to this email if you think this is a mistake.",
    ],
  });
}
