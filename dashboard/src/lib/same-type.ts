/** `true` only when A and B are the same union: a compile-time guard for lists mirrored from another package. */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
