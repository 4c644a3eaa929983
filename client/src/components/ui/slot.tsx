import {
  cloneElement,
  type HTMLAttributes,
  isValidElement,
  type ReactElement,
  type Ref,
  type RefCallback,
} from 'react';

// `asChild` for the app's primitives (Button, CardTitle, FormControl): the primitive's props on
// its one child element instead of an element of its own, as Radix's Slot does. Ours does that one
// thing (no Slottable), at a tenth of the size, for the finder's scan page.

type Props = Record<string, unknown>;

/** The child's own props win, except that handlers both run (the child's first), and classes, styles and descriptions add up. */
function mergeProps(slotProps: Props, childProps: Props): Props {
  const merged: Props = { ...slotProps, ...childProps };
  for (const name of Object.keys(childProps)) {
    const slot = slotProps[name];
    const child = childProps[name];
    if (slot === undefined || child === undefined) continue;
    if (/^on[A-Z]/.test(name) && typeof slot === 'function' && typeof child === 'function')
      merged[name] = (...args: unknown[]) => {
        const result = child(...args);
        slot(...args);
        return result;
      };
    else if (name === 'style') merged[name] = { ...(slot as object), ...(child as object) };
    else if (name === 'className' || name === 'aria-describedby')
      merged[name] = [slot, child].filter(Boolean).join(' ');
  }
  return merged;
}

function composeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

export function Slot({ children, ref, ...slotProps }: HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> }) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<Props & { ref?: Ref<HTMLElement> }>;
  const childRef = child.props.ref;
  return cloneElement(child, {
    ...mergeProps(slotProps as Props, child.props),
    ref: ref && childRef ? composeRefs(ref, childRef) : (ref ?? childRef),
  });
}
