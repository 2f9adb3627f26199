import { TextField, type TextFieldProps } from '../../ui/field'

/** The email field the sign-in and sign-up forms open on. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'name' | 'autoComplete' | 'autoFocus'>) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the page exists for this form: its first field takes focus as it opens
      autoFocus
      {...props}
    />
  )
}
