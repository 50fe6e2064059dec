import type { VariantOperator } from '../../core/contract';
import {
  againstCheck,
  auditWrong,
  checkAfter,
  checkEmailOnFile,
  checkNever,
  checkOtherCustomer,
  confirmSkipped,
  differentAmount,
  extraFieldOnTarget,
  extraRecord,
  orderNeverOpened,
  otherRecord,
  unrequiredStatusChange,
} from './breaking';
import { answerFromAnotherPage, answerNeverShown, typedNeverShown } from './breakingObserved';
import { extraReads, personPath, reordered } from './equivalents';

/**
 * The portal's own variant operators (core/contract.ts adds the answer formats,
 * the dropped answer and the tool aliases): `equivalents.ts`, `breaking.ts`, `breakingObserved.ts`,
 * spliced into the oracle's run with `splice.ts`.
 */
/** Every operator of the portal's contract, equivalent first. */
export const PORTAL_OPERATORS: VariantOperator[] = [
  extraReads,
  reordered,
  personPath,
  extraFieldOnTarget,
  extraRecord,
  otherRecord,
  unrequiredStatusChange,
  auditWrong,
  differentAmount,
  checkOtherCustomer,
  checkEmailOnFile,
  checkNever,
  checkAfter,
  orderNeverOpened,
  againstCheck,
  confirmSkipped,
  typedNeverShown,
  answerNeverShown,
  answerFromAnotherPage,
];
