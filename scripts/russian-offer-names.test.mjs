import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { offerNameFaults, russianTemplates } from "./russian-offer-names.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

describe("an offer's name in Russian stands after a noun, never declined or agreed with (D298)", () => {
  it("refuses the planted bad templates of issue 32", () => {
    expect(offerNameFaults("«{{product}}» добавлено в корзину.")).toEqual(["agreeing-word-after-name"]);
    expect(offerNameFaults("«{{name}}» добавлена")).toEqual(["agreeing-word-after-name"]);
    // A template literal's placeholder, as the server's mails write it.
    expect(offerNameFaults("Курс «$" + "{name}» отменён.")).toEqual(["agreeing-word-after-name"]);
    expect(offerNameFaults("«{name}» начался вчера")).toEqual(["agreeing-word-after-name"]);
    expect(offerNameFaults("Ребёнок для «{{product}}»")).toEqual(["preposition-before-name"]);
    expect(offerNameFaults("Ваш ребёнок познакомится с «{{name}}» на занятии.")).toEqual([
      "preposition-before-name",
    ]);
    expect(offerNameFaults("Запись на «{product}»")).toEqual(["preposition-before-name"]);
    expect(offerNameFaults("Подарочный сертификат „{{name}}“")).toEqual(["german-quotes"]);
  });

  it("takes the name after a noun in the nominative or a colon", () => {
    expect(offerNameFaults("В корзине: «{{product}}».")).toEqual([]);
    expect(offerNameFaults("На пробном занятии ваш ребёнок познакомится с курсом «{{name}}».")).toEqual([]);
    expect(offerNameFaults("Предложение «{{product}}» в корзине.")).toEqual([]);
    expect(offerNameFaults("Участник: {{name}}. Предложение: «{{offer}}».")).toEqual([]);
    // A German text is not judged by Russian rules.
    expect(offerNameFaults("„{{product}}“ für {{name}} liegt jetzt im Warenkorb.")).toEqual([]);
  });

  it("finds no such template in the web's catalogues, the server's mails and PDFs, or the contract", () => {
    const templates = russianTemplates(root);
    expect(templates.length).toBeGreaterThan(500);
    const faults = templates.flatMap(({ where, text }) =>
      offerNameFaults(text).map((rule) => `${where}: ${rule}: ${text.trim().slice(0, 120)}`),
    );
    expect(faults).toEqual([]);
  });
});
