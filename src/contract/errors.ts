// The one error body of the contract: {"error": "...", "details"?: [...]}.
export interface ErrorDetail {
  path: string;
  message: string;
}

export interface ErrorBody {
  error: string;
  details?: ErrorDetail[] | string;
  /** login of an unapproved account: "pending_approval" */
  message?: string;
}

export const PENDING_APPROVAL = "pending_approval";
