import { useRef, type InputHTMLAttributes, type ReactNode } from 'react';

/**
 * A button that opens the file chooser. A <label> around a hidden input looks
 * the same but Tab never reaches it; the input stays hidden and the button
 * takes the keyboard.
 */
export function FilePick({
  children,
  className,
  onFiles,
  directory = false,
  testId,
  ...input
}: {
  children: ReactNode;
  className?: string;
  onFiles(files: File[]): void;
  /** A whole folder (webkitdirectory), read with its relative paths. */
  directory?: boolean;
  testId: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'accept' | 'multiple'>) {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className={className} onClick={() => ref.current?.click()} data-testid={`${testId}-button`}>
        {children}
      </button>
      <input
        {...input}
        ref={(el) => {
          ref.current = el;
          if (directory) el?.setAttribute('webkitdirectory', '');
        }}
        type="file"
        hidden
        tabIndex={-1}
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          // The same files can be chosen again (after a fix, say).
          e.target.value = '';
        }}
        data-testid={testId}
      />
    </>
  );
}
