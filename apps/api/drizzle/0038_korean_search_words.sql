-- A product's search text in both of the shop's languages, so that a Korean buyer finds products with Korean
-- words: its title, vendor and artists' names (English and Korean, as before), the initial consonants of its
-- artists' Korean names ('ㄷㅂㄹㅇㅋ' finds 던브레이크), the names of its category and the categories above it,
-- and the other language's words for the product types named there ('앨범' finds an album, 'light stick' a
-- 응원봉). One definition, `product_search_text(id)`, used here and by the shop (db/derived.ts).

-- The initial consonant of each Hangul syllable (가 to 힣), other characters as they are.
CREATE FUNCTION hangul_initials(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
    CASE WHEN ascii(c) BETWEEN 44032 AND 55203
      THEN substr('ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ', (ascii(c) - 44032) / 588 + 1, 1)
      ELSE c END, '' ORDER BY i), '')
  FROM unnest(string_to_array(t, NULL)) WITH ORDINALITY AS u(c, i)
$$;
--> statement-breakpoint
-- The words of the other language for every product type a lower-cased text names. Glossary:
-- docs/glossary.md.
CREATE FUNCTION product_type_words(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(DISTINCT w.other, ' '), '')
  FROM (VALUES
    ('album', '앨범'), ('앨범', 'album'),
    ('light stick', '응원봉'), ('lightstick', '응원봉'), ('응원봉', 'light stick'),
    ('photobook', '포토북'), ('photo book', '포토북'), ('포토북', 'photobook'),
    ('season''s greetings', '시즌그리팅'), ('season’s greetings', '시즌그리팅'),
    ('seasons greetings', '시즌그리팅'), ('시즌그리팅', 'season''s greetings'),
    ('magazine', '잡지'), ('잡지', 'magazine'),
    ('calendar', '캘린더'), ('캘린더', 'calendar'), ('달력', 'calendar'),
    ('diary', '다이어리'), ('다이어리', 'diary'),
    ('plush', '인형'), ('인형', 'plush'),
    ('figure', '피규어'), ('피규어', 'figure'),
    ('stationery', '문구'), ('문구', 'stationery'),
    ('vinyl', '바이닐'), ('바이닐', 'vinyl'),
    ('poster', '포스터'), ('포스터', 'poster'),
    ('photocard', '포토카드'), ('photo card', '포토카드'), ('포토카드', 'photocard'),
    ('sticker', '스티커'), ('스티커', 'sticker'),
    ('keyring', '키링'), ('key ring', '키링'), ('키링', 'keyring'),
    ('concert', '콘서트'), ('콘서트', 'concert'),
    ('fan meeting', '팬미팅'), ('fanmeeting', '팬미팅'), ('팬미팅', 'fan meeting')
  ) AS w(word, other)
  WHERE strpos(t, w.word) > 0
$$;
--> statement-breakpoint
-- The text a search's words are looked for in, lower-cased. A category moved under its own child cannot loop:
-- UNION stops at the first category seen again.
CREATE FUNCTION product_search_text(product uuid) RETURNS text LANGUAGE sql STABLE AS $$
  WITH named AS (
    SELECT p.title, p.vendor,
      (SELECT string_agg(a.name_en || ' ' || a.name_ko || ' ' || hangul_initials(replace(a.name_ko, ' ', '')), ' ')
        FROM product_artists pa JOIN artists a ON a.id = pa.artist_id
        WHERE pa.product_id = p.id) AS artist_names,
      (WITH RECURSIVE chain AS (
          SELECT c.id, c.parent_id, c.name FROM categories c WHERE c.id = p.category_id
          UNION
          SELECT c.id, c.parent_id, c.name FROM categories c JOIN chain ON c.id = chain.parent_id)
        SELECT string_agg(name, ' ') FROM chain) AS category_names
    FROM products p WHERE p.id = product
  )
  SELECT lower(concat_ws(' ', title, vendor, artist_names, category_names,
    product_type_words(lower(concat_ws(' ', title, category_names)))))
  FROM named
$$;
--> statement-breakpoint
UPDATE products SET search_text = product_search_text(id)
WHERE search_text IS DISTINCT FROM product_search_text(id);
