import type { Role } from '@domain/auth/roles';

/** Who a request (or a socket) acts as: the session's user, read by the auth plugin into `request.auth`. */
export interface AuthContext {
  sessionId: number;
  role: Role;
  userId: number;
  name: string;
  email: string;
  employeeId?: string;
  lrn?: string;
}
