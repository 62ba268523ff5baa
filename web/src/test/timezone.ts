import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

type Scope = Pick<ReturnType<typeof within>, 'getByLabelText'>;

/** Searches the timezone combobox labelled `label` for `search` and clicks the option named `option`. */
export async function chooseTimezone(scope: Scope, label: string, search: string, option: string | RegExp): Promise<void> {
  const input = scope.getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, search);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}
