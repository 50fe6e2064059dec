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
import { bystanderUndone, writtenReadBack } from './breakingPath';
import { extraReads, personPath, reordered } from './equivalents';
import { otherPages, setUnlisted, valuesUnpaired } from './operatorsEvidence';

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
  otherPages,
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
  valuesUnpaired,
  setUnlisted,
  bystanderUndone,
  writtenReadBack,
];
